# Parses an iCalendar text from stdin with Python's icalendar (Debian's python3-icalendar) and prints each event's
# UID, SEQUENCE, STATUS, DTSTART (ISO, UTC), SUMMARY and URL as JSON; exits non-zero on a parse error or on any
# property the library could not read (it collects those in `errors` instead of raising).
import json
import sys

from icalendar import Calendar

cal = Calendar.from_ical(sys.stdin.read())
errors = []
events = []
for component in cal.walk():
    errors.extend(getattr(component, 'errors', []))
    if component.name != 'VEVENT':
        continue
    start = component.decoded('DTSTART')
    events.append({
        'uid': str(component.get('UID')),
        'sequence': int(component.get('SEQUENCE', 0)),
        'status': str(component.get('STATUS', '')),
        'start': start.astimezone().isoformat() if hasattr(start, 'astimezone') else start.isoformat(),
        'startMs': int(start.timestamp() * 1000),
        'summary': str(component.get('SUMMARY', '')),
        'url': str(component.get('URL', '')) or None,
    })
if errors:
    print(json.dumps({'errors': [str(e) for e in errors]}))
    sys.exit(2)
print(json.dumps({'events': events}))
