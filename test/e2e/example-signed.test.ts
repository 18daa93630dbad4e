// The example's end-to-end suite again, with the migrated server's state only signed (HMAC, the
// SDK codec) instead of sealed: every behaviour and every refusal must hold in both modes.
process.env['E2E_STATE_PROTECTION'] = 'signed';
await import('./example.test.js');
