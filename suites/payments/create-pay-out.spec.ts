/** §4.2: payouts. The checks are the creation suite's, shared with pay_in; skipped where the profile forbids payouts. */
import { creationSuite, PAY_OUT } from './creation-suite.js';

creationSuite(PAY_OUT);
