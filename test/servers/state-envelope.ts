// An independent implementation of the generated module's two requestState envelopes (see "The
// envelope" in its header), written with node:crypto instead of WebCrypto. The tests use it to
// look inside tokens the module minted (round counter, digest, expiry), to show what a client can
// read in each protection, and to forge tokens with the right key (payloads of the wrong shape,
// other versions) that only the module's own checks can refuse. It pins the wire format: a change
// to the envelope that this file does not follow fails the tests.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';

export type Protection = 'sealed' | 'signed';
export const PROTECTIONS: readonly Protection[] = ['sealed', 'signed'];

const HKDF_SALT = 'mcp-mrtr-migrate/requestState';

/** [JSON-RPC method, principal]; the principal of an unauthenticated request is ''. */
export type Binding = readonly [method: string, principal: string];
export const UNAUTHENTICATED_TOOL_CALL: Binding = ['tools/call', ''];

export interface StatePayload {
  d: string;
  n: string;
  r: number;
  s: Record<string, unknown>;
}

export interface OpenedState {
  version: number;
  keyId: string;
  /** The token's id for single use: the nonce (sealed) or the payload's j (signed). */
  id: string;
  exp: number;
  payload: StatePayload;
}

/** The payload's d: SHA-256 of the canonical JSON of [subject, arguments] (keys sorted by the caller). */
export function argumentsDigest(subject: string, args: unknown): string {
  return createHash('sha256').update(JSON.stringify([subject, args])).digest('base64url');
}

/** The payload's n: SHA-256 of ["subject", subject], a resource URI in its new URL() form. */
export function subjectDigest(subject: string, method = 'tools/call'): string {
  const key = method === 'resources/read' ? new URL(subject).href : subject;
  return createHash('sha256').update(JSON.stringify(['subject', key])).digest('base64url');
}

export function derive(secret: string, purpose: string, bytes: number): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), HKDF_SALT, purpose, bytes));
}

/** The key id a token minted with this secret carries. */
export function keyIdOf(secret: string): string {
  return derive(secret, 'key-id', 6).toString('base64url');
}

const bindingText = (binding: Binding) => JSON.stringify(binding);

/** The parts of a sealed token, as text. */
export function sealedParts(token: string): { version: string; keyId: string; nonce: string; ciphertext: string; tag: string } {
  const match = /^s(\d+)\.([^.]*)\.([^.]*)\.([^.]*)\.([^.]*)$/.exec(token);
  if (match === null) throw new Error(`not a sealed token: ${token.slice(0, 40)}`);
  const [, version = '', keyId = '', nonce = '', ciphertext = '', tag = ''] = match;
  return { version, keyId, nonce, ciphertext, tag };
}

/** What anyone holding a signed token reads without any key: the SDK codec's body. */
export function readSigned(token: string): { p: Record<string, unknown>; exp: number; b?: string } {
  if (!token.startsWith('v1.')) throw new Error(`not a signed token: ${token.slice(0, 40)}`);
  const body = token.slice(3, token.lastIndexOf('.'));
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
}

/** Opens a token of either protection with the secret it was minted with (throws when it does not open). */
export function openState(token: string, secret: string, binding: Binding = UNAUTHENTICATED_TOOL_CALL): OpenedState {
  if (token.startsWith('v1.')) {
    const { p, exp } = readSigned(token);
    const { v, k, j, ...payload } = p;
    return { version: v as number, keyId: k as string, id: j as string, exp, payload: payload as unknown as StatePayload };
  }
  const parts = sealedParts(token);
  const header = `s${parts.version}.${parts.keyId}`;
  const decipher = createDecipheriv('aes-256-gcm', derive(secret, 'aes-256-gcm', 32), Buffer.from(parts.nonce, 'base64url'));
  decipher.setAAD(Buffer.from(`${header}\n${bindingText(binding)}`, 'utf8'));
  decipher.setAuthTag(Buffer.from(parts.tag, 'base64url'));
  const plaintext = Buffer.concat([decipher.update(Buffer.from(parts.ciphertext, 'base64url')), decipher.final()]);
  const { exp, ...payload } = JSON.parse(plaintext.toString('utf8')) as { exp: number } & StatePayload;
  return { version: Number(parts.version), keyId: parts.keyId, id: parts.nonce, exp, payload };
}

export interface ForgeOptions {
  /** Envelope version (default 1). */
  version?: number;
  /** Key id written into the token (default: the secret's own). */
  keyId?: string;
  binding?: Binding;
  /** Sealed only: the expiry, unix seconds (default: now + 600). */
  exp?: number;
  /** Signed only: the token id j (default: 16 fresh random bytes; null leaves it out). */
  id?: string | null;
}

/**
 * Mints a token with the right key whose payload is whatever the test says: the module's shape
 * checks, not the cryptography, have to refuse a wrong one. `payload` is the sealed plaintext
 * without exp, or the signed p without v, k and j (all three are added unless the payload is not
 * an object).
 */
export async function forgeState(protection: Protection, secret: string, payload: unknown, options: ForgeOptions = {}): Promise<string> {
  const version = options.version ?? 1;
  const keyId = options.keyId ?? keyIdOf(secret);
  const binding = options.binding ?? UNAUTHENTICATED_TOOL_CALL;
  const isObject = typeof payload === 'object' && payload !== null && !Array.isArray(payload);
  if (protection === 'signed') {
    const codec = createRequestStateCodec<unknown>({ key: derive(secret, 'hmac-sha256', 32), bind: () => bindingText(binding) });
    const id = options.id === undefined ? randomBytes(16).toString('base64url') : options.id;
    const envelope = id === null ? { v: version, k: keyId } : { v: version, k: keyId, j: id };
    return codec.mint(isObject ? { ...envelope, ...payload } : payload, {} as ServerContext);
  }
  const header = `s${version}.${keyId}`;
  const exp = options.exp ?? Math.floor(Date.now() / 1000) + 600;
  const plaintext = Buffer.from(JSON.stringify(isObject ? { exp, ...payload } : payload), 'utf8');
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(secret, 'aes-256-gcm', 32), nonce);
  cipher.setAAD(Buffer.from(`${header}\n${bindingText(binding)}`, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [header, nonce.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** Replaces the character at index i with another base64url character. */
export function flipChar(s: string, i: number): string {
  const replacement = s[i] === 'A' ? 'B' : 'A';
  return s.slice(0, i) + replacement + s.slice(i + 1);
}
