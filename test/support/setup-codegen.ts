import { setDefaultCodegen } from '../../src/compile/filter.js';

// The "codegen" project runs the whole suite with generated code as the default compiler. It is the
// default already wherever code generation is allowed; set explicitly so that the project means
// "generated code" whatever the library's default becomes.
setDefaultCodegen(true);
