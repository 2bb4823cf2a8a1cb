import dgram from 'node:dgram';
import { isIPv6 } from 'node:net';
import type { Logger } from 'pino';
import type { Remote, SipTransport } from './transport';

/** SIP over one UDP socket (RFC 3261 18): each datagram is one message. */
export class UdpTransport implements SipTransport {
  readonly protocol = 'UDP' as const;
  readonly port: number;
  readonly boundAddress: string;

  private constructor(private readonly socket: dgram.Socket, log: Logger) {
    this.port = socket.address().port;
    this.boundAddress = socket.address().address;
    socket.on('error', (err) => log.error({ err: err.message }, 'SIP socket error'));
  }

  static async open(bindAddress: string, port: number, log: Logger): Promise<UdpTransport> {
    const socket = dgram.createSocket(isIPv6(bindAddress) ? 'udp6' : 'udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, bindAddress, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    return new UdpTransport(socket, log);
  }

  send(data: Buffer, to: Remote): void {
    this.socket.send(data, to.port, to.address);
  }

  onMessage(handler: (data: Buffer, from: Remote) => void): void {
    this.socket.on('message', (data, rinfo) => handler(data, { address: rinfo.address, port: rinfo.port }));
  }

  close(): void {
    this.socket.close();
  }
}
