/** A one-name DNS server on 127.0.0.1 (UDP) that plays Docker's DNS for nginx outside compose: `api` → the API addresses. */
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';

export interface NameServer {
  port: number;
  /** Replaces the addresses answered from now on (as Docker's DNS does when replicas come and go). */
  setAddresses(addresses: string[]): void;
  /** How many questions it has been asked (each nginx re-resolve is one). */
  queries(): number;
  close(): Promise<void>;
}

/** Answers A questions for `name` with `addresses` (TTL 1 s: nginx's `valid=` decides how long it keeps them), NXDOMAIN else. */
export function startNameServer(name: string, addresses: string[]): Promise<NameServer> {
  let current = [...addresses];
  let asked = 0;
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, from) => {
    let query: packet.Packet;
    try {
      query = packet.decode(msg);
    } catch {
      return; // not DNS: nothing to answer
    }
    asked++;
    const question = query.questions?.[0];
    const known = question?.type === 'A' && question.name.toLowerCase() === name;
    const answer = packet.encode({
      id: query.id,
      type: 'response',
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (known ? 0 : 3), // rcode 3: NXDOMAIN
      questions: query.questions,
      answers: known ? current.map((data) => ({ type: 'A' as const, name: question.name, ttl: 1, data })) : [],
    });
    socket.send(answer, from.port, from.address);
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      resolve({
        port: (socket.address() as AddressInfo).port,
        setAddresses: (next) => {
          current = [...next];
        },
        queries: () => asked,
        close: () => new Promise((done) => socket.close(() => done())),
      });
    });
  });
}
