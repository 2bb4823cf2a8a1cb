import dgram from 'node:dgram';

/**
 * A DNS far end on 127.0.0.1 (UDP) whose A records the test changes while the service runs, so a
 * name can resolve to a public address when a trunk is saved and to loopback when packets are sent
 * (DNS rebinding). Answers with TTL 0 so no resolver keeps an old answer. AAAA and other types of
 * known names get an empty answer; unknown names NXDOMAIN.
 */
export class TestDnsServer {
  private readonly records = new Map<string, string>();
  readonly queries: string[] = [];

  private constructor(
    private readonly socket: dgram.Socket,
    readonly port: number,
  ) {}

  static async start(): Promise<TestDnsServer> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const server = new TestDnsServer(socket, socket.address().port);
    socket.on('message', (msg, rinfo) => {
      const reply = server.answer(msg);
      if (reply) socket.send(reply, rinfo.port, rinfo.address);
    });
    return server;
  }

  /** `host:port` for SIP_DNS_SERVERS. */
  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** From now on, `name` has this one IPv4 address. */
  set(name: string, ipv4: string): void {
    this.records.set(name.toLowerCase(), ipv4);
  }

  close(): void {
    this.socket.close();
  }

  private answer(msg: Buffer): Buffer | null {
    if (msg.length < 12) return null;
    // The question: labels from offset 12, then QTYPE and QCLASS.
    const labels: string[] = [];
    let at = 12;
    while (at < msg.length && msg[at] !== 0) {
      const len = msg[at]!;
      labels.push(msg.subarray(at + 1, at + 1 + len).toString('ascii'));
      at += 1 + len;
    }
    const questionEnd = at + 5;
    if (questionEnd > msg.length) return null;
    const qtype = msg.readUInt16BE(at + 1);
    const name = labels.join('.').toLowerCase();
    this.queries.push(`${name}/${qtype}`);
    const ip = this.records.get(name);
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(ip === undefined ? 0x8183 : 0x8180, 2); // response, recursion available; NXDOMAIN or NOERROR
    header.writeUInt16BE(1, 4);
    const answers: Buffer[] = [];
    if (ip !== undefined && qtype === 1) {
      const rr = Buffer.alloc(16);
      rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      rr.writeUInt16BE(1, 2); // A
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(0, 6); // TTL 0
      rr.writeUInt16BE(4, 10);
      ip.split('.').forEach((octet, i) => rr.writeUInt8(Number(octet), 12 + i));
      answers.push(rr);
    }
    header.writeUInt16BE(answers.length, 6);
    return Buffer.concat([header, msg.subarray(12, questionEnd), ...answers]);
  }
}
