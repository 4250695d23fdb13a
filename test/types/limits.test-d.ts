import { describe, expectTypeOf, it } from 'vitest';
import type { LIMIT_CODES, LimitErrorCode } from '../../src/index.js';

/** The limit codes are made from the limit names at run time; their types must still be the literals. */
describe('limit error codes', () => {
  it('each code is its literal type', () => {
    expectTypeOf<(typeof LIMIT_CODES)['maxStringLength']>().toEqualTypeOf<'MAX_STRING_LENGTH_EXCEEDED'>();
    expectTypeOf<(typeof LIMIT_CODES)['maxDepth']>().toEqualTypeOf<'MAX_DEPTH_EXCEEDED'>();
    expectTypeOf<(typeof LIMIT_CODES)['maxDocumentValues']>().toEqualTypeOf<'MAX_DOCUMENT_VALUES_EXCEEDED'>();
  });

  it('LimitErrorCode is the union of the fifteen codes', () => {
    expectTypeOf<LimitErrorCode>().toEqualTypeOf<
      | 'MAX_DEPTH_EXCEEDED'
      | 'MAX_NODES_EXCEEDED'
      | 'MAX_POLICY_NODES_EXCEEDED'
      | 'MAX_KEYS_EXCEEDED'
      | 'MAX_LIST_ITEMS_EXCEEDED'
      | 'MAX_STRING_LENGTH_EXCEEDED'
      | 'MAX_VERSION_LENGTH_EXCEEDED'
      | 'MAX_PATTERN_LENGTH_EXCEEDED'
      | 'MAX_WILDCARDS_EXCEEDED'
      | 'MAX_PATH_SEGMENTS_EXCEEDED'
      | 'MAX_SEGMENT_LENGTH_EXCEEDED'
      | 'MAX_RULES_EXCEEDED'
      | 'MAX_CONDITIONS_EXCEEDED'
      | 'MAX_FILE_BYTES_EXCEEDED'
      | 'MAX_DOCUMENT_VALUES_EXCEEDED'
    >();
  });
});
