#!/usr/bin/env node
'use strict';
// The Node.js port, as a process speaking the JSON-lines protocol of docs/porting.md.
//
//   node ports/node/port.js [--bug]
//
// Protocol 2: when the first line is {"start": {"protocol": 2}}, the port answers its own
// start line, and every request carries a "seq" that its response echoes. Protocol 1: when
// the first line is a request, no seq, and a crash of the port ends the process (its stack
// on standard error) since protocol 1 has no "errored" response.
//
// --bug (or PORT_BUG=1) turns on the seeded bug of metrics.js (ZeroOneLoss.score with
// normalize=false forgets the weights).

const readline = require('readline');
const json = require('./json');

if (process.argv.includes('--bug')) process.env.PORT_BUG = '1';

const { MEMBERS, Refusal } = require('./metrics');

const NAME = 'lodestar-port-node';
const VERSION = '0.1.0';
const NOT_PORTED = 'ports/node/README.md#members';

function start() {
  return {
    start: {
      protocol: 2n,
      name: NAME,
      language: 'javascript',
      version: `${VERSION} (node ${process.versions.node})`,
      members: [...MEMBERS.keys()],
    },
  };
}

/** The response to one request (a Map from the lossless reader), without seq:
 * {value} | {error, message} | {skipped, issue}. Throws what the port did not expect. */
function answer(request, protocol = 2) {
  const member = request.get('member');
  const args = request.get('arguments');
  const compute = MEMBERS.get(member);
  if (compute === undefined) {
    if (protocol === 2) return { skipped: `this port has no ${member}`, issue: NOT_PORTED };
    return { error: 'ArgumentException', message: `this port has no ${member}` };
  }
  if (!(args instanceof Map)) return { error: 'ArgumentException', message: 'arguments is not an object' };
  try {
    return { value: compute(args) };
  } catch (error) {
    if (error instanceof Refusal) return { error: error.errorName, message: error.message };
    throw error;
  }
}

function main() {
  let protocol = null; // decided by the first line
  const out = (object) => process.stdout.write(`${json.stringify(object)}\n`);
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  input.on('line', (line) => {
    let request;
    try {
      request = json.parse(line);
      if (!(request instanceof Map)) throw new SyntaxError('not a JSON object');
    } catch (error) {
      if (protocol === 1) {
        process.stderr.write(`unreadable request: ${error.message}\n`);
        process.exit(65);
      }
      out({ errored: `unreadable request: ${error.message}` });
      return;
    }
    if (request.has('start')) {
      protocol = 2;
      out(start());
      return;
    }
    if (protocol === null) protocol = 1;
    const seq = request.get('seq');
    try {
      const response = answer(request, protocol);
      out(protocol === 2 && seq !== undefined ? { seq, ...response } : response);
    } catch (error) {
      const trace = error && error.stack ? error.stack : String(error);
      if (protocol === 2) {
        out({ seq, errored: trace });
      } else {
        process.stderr.write(`${trace}\n`);
        process.exit(70);
      }
    }
  });
  input.on('close', () => process.exit(0));
}

if (require.main === module) main();

module.exports = { answer, start };
