import { createServer, type Server, type Socket } from 'node:net';

/*
 * A minimal SMTP server on 127.0.0.1 that records what it receives, for the shop's mailer with
 * SMTP_URL set (src/server/mail/mailer.ts). Just enough of RFC 5321 for one client at a time:
 * greeting, EHLO, MAIL, RCPT, DATA (dot-unstuffed, RFC 5321 § 4.5.2), QUIT.
 *
 * Its `mode` says how it greets a new connection: `up` takes mail; `down` answers 421 and closes,
 * as a server that is not available does (RFC 5321 § 3.8: a temporary failure, the client tries
 * again later); `silent` accepts the connection and says nothing, a server stuck before its
 * greeting (the client waits, as the shop does while its process dies).
 */

export type Received = { from: string; to: string[]; data: string };
export type SmtpMode = 'up' | 'down' | 'silent';

export function fakeSmtpServer(received: Received[], mode: () => SmtpMode = () => 'up'): Server {
  return createServer((socket) => {
    const now = mode();
    if (now === 'down') {
      socket.end('421 test Service not available, closing transmission channel\r\n');
      return;
    }
    if (now === 'silent') return;
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.setEncoding('utf8');
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}

/**
 * The server listening on a free port of 127.0.0.1, its SMTP_URL, what it received, how it greets
 * new connections (`setMode`), and how to stop it (closing the connections still open).
 */
export async function startFakeSmtp() {
  const received: Received[] = [];
  let mode: SmtpMode = 'up';
  const server = fakeSmtpServer(received, () => mode);
  const sockets = new Set<Socket>();
  let stuck = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    if (mode === 'silent') stuck += 1;
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    setMode(next: SmtpMode) {
      mode = next;
    },
    /** How many connections were met with silence (each waits until the server closes). */
    stuckConnections: () => stuck,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The body of a single-part message (or part), decoded from base64 or quoted-printable. */
export function bodyText(message: string): string {
  const [headers = '', ...rest] = message.split('\n\n');
  const body = rest.join('\n\n');
  if (/^Content-Transfer-Encoding: base64$/im.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/^Content-Transfer-Encoding: quoted-printable$/im.test(headers)) {
    const bytes = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The decoded `text/plain` part of a multipart message (its whole body when it has one part). */
export function plainText(message: string): string {
  const boundary = /boundary="([^"]+)"/.exec(message)?.[1];
  if (!boundary) return bodyText(message);
  const part = message.split(`--${boundary}`).find((candidate) => /^Content-Type: text\/plain/im.test(candidate));
  return part ? bodyText(part.replace(/^\n/, '')) : '';
}

/** A header field's value, unfolded (RFC 5322 § 2.2.3). */
export function headerOf(message: string, name: string): string | undefined {
  const [headers = ''] = message.split('\n\n');
  const unfolded = headers.replace(/\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1];
}
