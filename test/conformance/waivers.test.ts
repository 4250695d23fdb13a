import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../../src/index.js';
import { policyToMongo } from '../../src/mongo.js';
import { mingoEngine } from '../support/mongo-engines.js';
import { loadWaiverFixtures, waiverGroups } from '../support/waiver-fixtures.js';

const fixtures = loadWaiverFixtures();

describe.each(fixtures)('waiver fixture $file', (fixture) => {
  it('memory gives every case its status and waiver', () => {
    for (const c of fixture.cases) {
      const result = compilePolicy(fixture.policy, { asOf: c.asOf, waivers: fixture.waivers }).evaluate(
        c.record,
      );
      expect(
        { status: result.status, waiver: result.waiver?.id ?? null },
        c.note ?? JSON.stringify(c.record),
      ).toEqual({
        status: c.status,
        waiver: c.waiver,
      });
    }
  });

  it('MongoDB (mingo) gives every case its status and waiver', async () => {
    const engine = await mingoEngine();
    let ran = 0;
    for (const { asOf, cases } of waiverGroups(fixture)) {
      const { addStatusStage, addWaiverStage } = policyToMongo(fixture.policy, {
        asOf,
        waivers: fixture.waivers,
      });
      const out = await engine.aggregate(
        [addStatusStage, addWaiverStage!, { $project: { _id: 1, policyStatus: 1, policyWaiver: 1 } }],
        cases.map((c) => c.record),
      );
      for (const [i, c] of cases.entries()) {
        const doc = out.find((d) => d._id === i)!;
        expect(
          { status: doc.policyStatus ?? null, waiver: doc.policyWaiver ?? null },
          c.note ?? JSON.stringify(c.record),
        ).toEqual({
          status: c.status,
          waiver: c.waiver,
        });
        ran++;
      }
    }
    expect(ran).toBe(fixture.cases.length);
    await engine.close();
  });
});
