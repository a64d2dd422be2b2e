import { execFile } from 'node:child_process';
import path from 'node:path';
import ICAL from 'ical.js';
import { DEBIAN_PYTHON } from '../../scripts/lib/icalendar';

/** What both parsers say about one event. */
interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string;
  startMs: number;
  summary: string;
  url: string | null;
}

/** Parses with Mozilla's ical.js (throws on a malformed calendar). */
function parseWithIcalJs(text: string): ParsedEvent[] {
  const cal = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    const url = v.getFirstPropertyValue('url');
    return {
      uid: e.uid,
      sequence: e.sequence,
      status: String(v.getFirstPropertyValue('status') ?? ''),
      startMs: e.startDate.toJSDate().getTime(),
      summary: e.summary,
      url: typeof url === 'string' ? url : null,
    };
  });
}

/** Parses with Python's icalendar (tests/helpers/ical-parse.py); rejects on a parse error or any unreadable property. */
function parseWithPython(text: string): Promise<ParsedEvent[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(DEBIAN_PYTHON, [path.join(__dirname, 'ical-parse.py')], { timeout: 20_000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`python icalendar refused the calendar: ${stderr || stdout || err.message}`));
      const out = JSON.parse(stdout) as { events: Array<ParsedEvent & { start: string }> };
      resolve(out.events.map(({ start: _start, ...e }) => e));
    });
    child.stdin!.end(text);
  });
}

/** Both parsers' reading, checked to agree; answers it. */
export async function parseBoth(text: string): Promise<ParsedEvent[]> {
  const [js, py] = [parseWithIcalJs(text), await parseWithPython(text)];
  const norm = (es: ParsedEvent[]) => [...es].sort((a, b) => a.uid.localeCompare(b.uid));
  if (JSON.stringify(norm(js)) !== JSON.stringify(norm(py))) throw new Error(`ical.js and python icalendar disagree:\n${JSON.stringify(js)}\n${JSON.stringify(py)}`);
  return js;
}
