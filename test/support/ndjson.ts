import fc from 'fast-check';

/**
 * Random NDJSON inventories for the tests that split files across worker threads (`svc-policy eval
 * --jobs`, `evaluateInventoryFile`): records of both kinds, malformed and blank lines, CRLF endings.
 */

/** One line of an inventory (without its line ending). */
export const arbInventoryLine: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({
        id: fc.string({ maxLength: 6 }),
        // A record without a kind stops the evaluation when the policies are for several kinds
        // (UNKNOWN_KIND): rare enough that most files are read to their end.
        resource: fc.oneof(
          { weight: 99, arbitrary: fc.constantFrom('component', 'certificate', 'other') },
          { weight: 1, arbitrary: fc.constant(undefined) },
        ),
        technology: fc.constantFrom('postgres', 'mysql', 'redis', 'kubernetes', 'kafka'),
        version: fc.constantFrom('9.6', '14', '14.13', '1.27', '1.31', null),
        expirationDate: fc.constantFrom('2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'),
        tags: fc.constantFrom({}, { owner: 'x', team: 'data' }, { team: 'é😀' }),
        details: fc.constantFrom({}, { postgres: { lastActiveConnectionTime: '2025-01-01T00:00:00.000Z' } }),
      })
      .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)))),
  },
  // A byte order mark starting a line other than the first is part of the line (not JSON), as it is
  // when the line starts a range.
  { weight: 1, arbitrary: fc.constantFrom('{bad json', 'nope', '[1,', '{"a":', '\uFEFF{"id":"bom"}') },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', '\t') },
);

/** The text of an NDJSON inventory whose first line is a record (so that it reads as NDJSON). */
export const arbNdjsonInventory: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.tuple(arbInventoryLine, fc.constantFrom('\n', '\n', '\r\n')), {
      minLength: 1,
      maxLength: 120,
    }),
    fc.boolean(),
  )
  .map(([lines, trailing]) => {
    // The first line is a record, so that the input reads as NDJSON (not one document over lines).
    const text = [
      '{"id":"first","resource":"component","technology":"postgres"}\n',
      ...lines.map(([l, e]) => l + e),
    ].join('');
    return trailing ? text : text.replace(/\r?\n$/, '');
  });
