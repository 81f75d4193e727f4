/** §4.1: deposits. The checks are the creation suite's, shared with pay_out. */
import { creationSuite, PAY_IN } from './creation-suite.js';

creationSuite(PAY_IN);
