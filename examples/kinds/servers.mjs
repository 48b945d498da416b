// The small servers the step-kind examples talk to, started by the examples
// themselves (run.mjs, and the `plans` project's global setup):
//  - a WebSocket server: /echo echoes; /news speaks first and sends heartbeats;
//  - a gRPC server (shop.Orders, with server reflection) whose ids are uint64
//    beyond 2^53, so exactness shows;
//  - an HTTP server that starts listening only after a delay, for waitFor.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { WebSocketServer } from 'ws';

const PROTO = fileURLToPath(new URL('./shop.proto', import.meta.url));
const BIG_ID = '12345678901234567890';

function listen(server, port = 0) {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server.address().port)));
}

async function startWs() {
  const server = createServer((_req, res) => res.writeHead(426).end('upgrade to a WebSocket'));
  const wss = new WebSocketServer({ noServer: true });
  const timers = new Set();
  server.on('upgrade', (req, socket, head) => {
    if (req.headers.authorization !== 'Bearer demo') {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"error":"missing or wrong token"}');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (req.url === '/news') {
        ws.send(JSON.stringify({ type: 'hello', version: 2 }));
        const t = setInterval(() => ws.send(JSON.stringify({ type: 'heartbeat' })), 25);
        timers.add(t);
        ws.on('close', () => clearInterval(t));
      }
      ws.on('message', (data, isBinary) => {
        if (req.url === '/news') ws.send(JSON.stringify({ type: 'story', topic: String(data) }));
        else ws.send(data, { binary: isBinary });
      });
    });
  });
  const port = await listen(server);
  return {
    url: `ws://127.0.0.1:${port}`,
    stop: async () => {
      for (const t of timers) clearInterval(t);
      for (const c of wss.clients) c.terminate();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

async function startGrpc() {
  const def = protoLoader.loadSync(PROTO, { longs: String, enums: String, defaults: true });
  const shop = grpc.loadPackageDefinition(def).shop;
  const server = new grpc.Server();
  const order = (id) => ({ id, status: 'SHIPPED', totalCents: '9007199254740993', items: ['book', 'pen'] });
  server.addService(shop.Orders.service, {
    GetOrder(call, cb) {
      if (call.request.id !== BIG_ID) return cb({ code: grpc.status.NOT_FOUND, details: `no order ${call.request.id}` });
      const md = new grpc.Metadata();
      md.set('x-served-by', 'example');
      call.sendMetadata(md);
      cb(null, order(call.request.id));
    },
    ListOrders(call) {
      for (let i = 1; i <= call.request.limit; i++) call.write(order(String(i)));
      call.end();
    },
  });
  new ReflectionService(def).addToServer(server);
  const port = await new Promise((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
  return { address: `127.0.0.1:${port}`, stop: () => new Promise((r) => server.tryShutdown(() => r())) };
}

async function startLate(delayMs) {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((r) => probe.close(r));
  const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ready', path: req.url })));
  const timer = setTimeout(() => server.listen(port, '127.0.0.1'), delayMs);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((r) => (server.listening ? server.close(r) : r()));
    },
  };
}

/**
 * Starts every example server; `env` holds the variables the kind plans read.
 * @param {{ lateMs?: number }} [options]
 */
export async function startKindServers(options = {}) {
  const [ws, grpcServer, late] = await Promise.all([startWs(), startGrpc(), startLate(options.lateMs ?? 1500)]);
  return {
    env: { EXAMPLE_WS_URL: ws.url, EXAMPLE_GRPC_ADDRESS: grpcServer.address, EXAMPLE_LATE_URL: late.url },
    stop: async () => {
      await Promise.all([ws.stop(), grpcServer.stop(), late.stop()]);
    },
  };
}
