// axe-core on every page at both widths, signed in as a member (tests/helpers/accessibility.ts).
import { describeAxeChecks } from '../helpers/accessibility';

describeAxeChecks('member');
