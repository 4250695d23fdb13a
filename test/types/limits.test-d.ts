import { describe, expectTypeOf, it } from 'vitest';
import type { FilterErrorCode, LIMIT_CODES, LimitErrorCode } from '../../src/index.js';

/** The limit codes are made from the limit names at run time; their types must still be the literals. */
describe('limit error codes', () => {
  it('each code is its literal type', () => {
    expectTypeOf<(typeof LIMIT_CODES)['maxStringLength']>().toEqualTypeOf<'MAX_STRING_LENGTH_EXCEEDED'>();
    expectTypeOf<(typeof LIMIT_CODES)['maxDepth']>().toEqualTypeOf<'MAX_DEPTH_EXCEEDED'>();
    expectTypeOf<(typeof LIMIT_CODES)['maxDocumentValues']>().toEqualTypeOf<'MAX_DOCUMENT_VALUES_EXCEEDED'>();
  });

  it('LimitErrorCode is exactly the MAX_…_EXCEEDED codes of FilterErrorCode', () => {
    expectTypeOf<LimitErrorCode>().toEqualTypeOf<Extract<FilterErrorCode, `MAX_${string}_EXCEEDED`>>();
  });
});
