// The package's entry: the server with the inventory tools.
export { createServer } from './tools/index.js';
