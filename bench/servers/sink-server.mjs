// The baseline of the capture benchmark: a bare node:http server that reads each body and answers 200, as the most
// frugal postback receiver would. Same listening line as the capture server, so both are started and loaded alike.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  let bytes = 0;
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(bytes > 0 ? '' : 'empty');
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
