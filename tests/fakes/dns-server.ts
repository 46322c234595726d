import { createSocket, type RemoteInfo } from 'node:dgram';
import dnsPacket from 'dns-packet';

/**
 * A tiny authoritative DNS responder on 127.0.0.1 (UDP, random port) built on dns-packet. It
 * answers TXT and CNAME from `records` (names lower case, no trailing dot): NOERROR with the
 * answers, NOERROR without answers for a known name lacking that type, NXDOMAIN otherwise.
 * Names in `servfail` get SERVFAIL; names in `drop` get no answer at all (resolver timeout).
 */
export interface FakeDns {
  address: string;
  records: Map<string, { txt?: string[][]; cname?: string }>;
  servfail: Set<string>;
  drop: Set<string>;
  queries: Array<{ name: string; type: string }>;
  close(): Promise<void>;
}

export async function startFakeDns(): Promise<FakeDns> {
  const socket = createSocket('udp4');
  const state: FakeDns = {
    address: '',
    records: new Map(),
    servfail: new Set(),
    drop: new Set(),
    queries: [],
    close: async () => {},
  };
  socket.on('message', (message: Buffer, peer: RemoteInfo) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    state.queries.push({ name, type: question.type });
    if (state.drop.has(name)) return;
    const entry = state.records.get(name);
    const answers: dnsPacket.Answer[] = [];
    if (entry && question.type === 'TXT')
      for (const value of entry.txt ?? [])
        answers.push({ type: 'TXT', name: question.name, ttl: 1, class: 'IN', data: value });
    if (entry?.cname && (question.type === 'CNAME' || question.type === 'A'))
      answers.push({ type: 'CNAME', name: question.name, ttl: 1, class: 'IN', data: entry.cname });
    // dns-packet encodes the response code only through the low 4 bits of `flags`.
    const rcode = state.servfail.has(name) ? 2 /* SERVFAIL */ : entry ? 0 /* NOERROR */ : 3; /* NXDOMAIN */
    const response = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | rcode,
      questions: query.questions,
      answers: rcode === 0 ? answers : [],
    });
    socket.send(response, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  state.address = `127.0.0.1:${socket.address().port}`;
  state.close = () => new Promise<void>((resolve) => socket.close(() => resolve()));
  return state;
}
