// Preloaded (NODE_OPTIONS=--require) into every server bench/real-world/v1-drive.mjs starts: a
// server socket binds 127.0.0.1 whatever host (or none) the server's own code asks for, so a
// real server driven here is never reachable from outside this machine.
'use strict';
const net = require('node:net');

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function loopbackListen(...args) {
  const [first] = args;
  if (first !== null && typeof first === 'object' && !('path' in first)) {
    args[0] = { ...first, host: '127.0.0.1' };
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    if (typeof args[1] === 'string') args[1] = '127.0.0.1';
    else args.splice(1, 0, '127.0.0.1');
  } else if (first === undefined || typeof first === 'function') {
    args.unshift(0, '127.0.0.1');
  }
  return listen.apply(this, args);
};
