import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test can cut: `sever()` destroys every open connection and refuses new ones
 * (as a dying database server would), `restore()` forwards again.
 */
export interface SeverableProxy {
  port: number;
  /** Connections accepted so far (forwarded or refused). */
  readonly connections: number;
  sever(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startSeverableProxy(target: {
  host: string;
  port: number;
}): Promise<SeverableProxy> {
  const open = new Set<Socket>();
  let forwarding = true;
  let connections = 0;
  const server: Server = createServer((client) => {
    connections += 1;
    if (!forwarding) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        (socket === client ? upstream : client).destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const sever = () => {
    forwarding = false;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    port,
    get connections() {
      return connections;
    },
    sever,
    restore() {
      forwarding = true;
    },
    async close() {
      sever();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
