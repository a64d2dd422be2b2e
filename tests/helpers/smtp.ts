import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in this process that parses (mailparser) every message it accepts. */
export interface TestSmtp {
  port: number;
  messages: ParsedMail[];
  /** Envelope recipients per message, in arrival order. */
  recipients: string[][];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Creates the server for `port`; call start() (and stop()/start() again to play a relay that goes away and returns). */
export function createTestSmtp(port: number): TestSmtp {
  const state: TestSmtp = {
    port,
    messages: [],
    recipients: [],
    start: async () => {
      server = make();
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
  let server: SMTPServer | undefined;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            state.messages.push(mail);
            state.recipients.push(session.envelope.rcptTo.map((r) => r.address));
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
  return state;
}
