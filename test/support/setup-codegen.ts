import { setDefaultCodegen } from '../../src/compile/filter.js';

// The "codegen" project runs the whole suite again with generated code as the default compiler.
setDefaultCodegen(true);
