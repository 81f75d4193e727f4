/**
 * payment-conformance peer [--fault FXnn] [--capture-port P]
 *
 * Starts the independent Python payment service of ../shared/peers/python-service (src/peers/python-service.ts) and
 * prints `listening on URL` when it is ready; serves until SIGINT or SIGTERM. With --capture-port, its merchant's
 * registered postback URL is the capture server's on that port (http://127.0.0.1:P/pb/merchant), as
 * profiles/peers/python-service.json states it: certify it with the same --capture-port. Exit 2 with one line when it
 * cannot start.
 */
import { parseArgs } from 'node:util';
import { PYTHON_SERVICE_FAULTS, startPythonService } from '../src/peers/python-service.js';

const USAGE = 'usage: payment-conformance peer [--fault FXnn] [--capture-port P]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      fault: { type: 'string' },
      'capture-port': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(`${USAGE}\n  faults: ${PYTHON_SERVICE_FAULTS.join(' ')}`);
    return;
  }
  const port = values['capture-port'];
  if (port !== undefined && !/^\d{1,5}$/.test(port)) throw new Error(`--capture-port must be a port (got ${port})`);
  const peer = await startPythonService({
    ...(values.fault === undefined ? {} : { fault: values.fault }),
    ...(port === undefined ? {} : { registeredPostbackUrl: `http://127.0.0.1:${port}/pb/merchant` }),
  });
  console.log(`listening on ${peer.url}`);
  const stop = () => {
    void peer.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`peer: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
