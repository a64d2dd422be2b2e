// axe-core on every page at both widths, signed out (tests/helpers/accessibility.ts; a file per role, so they run side by side).
import { describeAxeChecks } from '../helpers/accessibility';

describeAxeChecks('signed out');
