// Runs a Node program with every HTTP server it creates bound to 127.0.0.1 (the npm peers
// listen on all interfaces), and reports the real port on stderr, since PORT=0 makes them
// print 0. Usage: node loopback.mjs <program.js> [args...]
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
    if (args.length > 0 && args[0] !== null && typeof args[0] === 'object') {
        args[0] = { ...args[0], host: '127.0.0.1' };
    } else if (typeof args[1] !== 'string') {
        args.splice(1, 0, '127.0.0.1');
    } else {
        args[1] = '127.0.0.1';
    }
    this.once('listening', () => {
        console.error(`loopback: listening on 127.0.0.1:${this.address().port}`);
    });
    return listen.apply(this, args);
};

const program = path.resolve(process.argv[2]);
process.argv = [process.argv[0], program, ...process.argv.slice(3)];
await import(pathToFileURL(program).href);
