// The types of ts-morph.js: all of ts-morph's (its values are the ones ts-morph.js exports).
export * from 'ts-morph';
