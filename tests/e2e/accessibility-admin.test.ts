// axe-core on every page at both widths, signed in as an admin (tests/helpers/accessibility.ts).
import { describeAxeChecks } from '../helpers/accessibility';

describeAxeChecks('admin');
