// Run before the build tools, which would otherwise fail on an old Node in their own words.
import { refuseUnsupportedNode } from '../src/server/process-prelude.js';

refuseUnsupportedNode();
