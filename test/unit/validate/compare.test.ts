import { describe, expect, it } from 'vitest';
import { FilterError } from '../../../src/index.js';
import { comparePolicyRules } from '../../../src/validate.js';

/** The static side of a policy edit: statuses that became unreachable and rules that became dead. */

type Filter = Record<string, unknown>;
const rule = (...filters: Filter[]) => ({
  conditions: filters.map((filter) => ({ type: 'filter', condition: { filter } })),
});
const policy = (statuses: Record<string, { criticality: number; rules?: unknown[] }>) => ({
  name: 'eol',
  resource: 'component',
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    ...statuses,
  },
});

const before = policy({
  critical: { criticality: 20, rules: [rule({ region: { $in: ['us-east-1'] } })] },
  warning: { criticality: 10, rules: [rule({ region: { $eq: 'eu-west-1' } })] },
});

describe('comparePolicyRules', () => {
  it('reports nothing for an edit that kills no rule', () => {
    const after = policy({
      critical: { criticality: 20, rules: [rule({ region: { $in: ['us-east-2'] } })] },
      warning: { criticality: 10, rules: [rule({ region: { $in: ['us-east-1', 'eu-west-1'] } })] },
    });
    expect(comparePolicyRules(before, after)).toEqual({ becameUnreachable: [], newFindings: [] });
  });

  it('a status whose only rule became shadowed by a rule evaluated first is unreachable', () => {
    // warning (eu-west-1) now sits below a more critical status that holds in eu-west-1 too.
    const after = policy({
      critical: { criticality: 20, rules: [rule({ region: { $in: ['us-east-1', 'eu-west-1'] } })] },
      warning: { criticality: 10, rules: [rule({ region: { $eq: 'eu-west-1' } })] },
    });
    const changes = comparePolicyRules(before, after);
    expect(changes.becameUnreachable).toEqual(['warning']);
    expect(changes.newFindings.map((f) => `${f.code} ${f.path}`)).toEqual([
      'SHADOWED_RULE /statusDefinitions/warning/rules/0',
    ]);
  });

  it('a status with one live rule left stays reachable; the dead rule is still reported', () => {
    const after = policy({
      critical: { criticality: 20, rules: [rule({ region: { $in: ['us-east-1', 'eu-west-1'] } })] },
      warning: {
        criticality: 10,
        rules: [rule({ region: { $eq: 'eu-west-1' } }), rule({ 'tags$.team': { $exists: false } })],
      },
    });
    const changes = comparePolicyRules(before, after);
    expect(changes.becameUnreachable).toEqual([]);
    expect(changes.newFindings.map((f) => f.code)).toEqual(['SHADOWED_RULE']);
  });

  it('a rule that can never hold kills its status; under $or or $not it does not', () => {
    const never = { region: { $in: [] } };
    const dead = policy({
      critical: { criticality: 20, rules: [rule({ region: { $in: ['us-east-1'] } })] },
      warning: { criticality: 10, rules: [rule({ region: { $eq: 'eu-west-1' } }, never)] },
    });
    expect(comparePolicyRules(before, dead).becameUnreachable).toEqual(['warning']);
    for (const live of [{ $or: [never, { region: { $eq: 'eu-west-1' } }] }, { $not: never }]) {
      const after = policy({
        critical: { criticality: 20, rules: [rule({ region: { $in: ['us-east-1'] } })] },
        warning: { criticality: 10, rules: [rule(live)] },
      });
      const changes = comparePolicyRules(before, after);
      expect(changes.becameUnreachable, JSON.stringify(live)).toEqual([]);
    }
  });

  it('a status that repeats the rules of a status evaluated first is unreachable', () => {
    const after = policy({
      critical: { criticality: 20, rules: [rule({ region: { $in: ['us-east-1'] } })] },
      warning: { criticality: 10, rules: [rule({ region: { $eq: 'eu-west-1' } })] },
      notice: { criticality: 5, rules: [rule({ region: { $eq: 'eu-west-1' } })] },
    });
    const changes = comparePolicyRules(before, after);
    expect(changes.becameUnreachable).toEqual(['notice']);
    expect(changes.newFindings.map((f) => `${f.code} ${f.path}`)).toEqual([
      'DUPLICATE_STATUS_RULES /statusDefinitions/notice',
    ]);
  });

  it('a finding that the version before had already is not new', () => {
    const shadowed = policy({
      critical: { criticality: 20, rules: [rule({ region: { $in: ['us-east-1', 'eu-west-1'] } })] },
      warning: { criticality: 10, rules: [rule({ region: { $eq: 'eu-west-1' } })] },
    });
    expect(comparePolicyRules(shadowed, shadowed)).toEqual({ becameUnreachable: [], newFindings: [] });
    // The reverse edit revives the status: nothing became unreachable.
    expect(comparePolicyRules(shadowed, before)).toEqual({ becameUnreachable: [], newFindings: [] });
  });

  it('reads { policy } request bodies, and refuses an invalid version with the PolicyError of compilePolicy', () => {
    const after = policy({
      critical: { criticality: 20, rules: [rule({ region: { $in: ['us-east-1', 'eu-west-1'] } })] },
      warning: { criticality: 10, rules: [rule({ region: { $eq: 'eu-west-1' } })] },
    });
    expect(comparePolicyRules({ policy: before }, { policy: after }).becameUnreachable).toEqual(['warning']);
    let thrown: unknown;
    try {
      comparePolicyRules(before, { name: 'eol', statusDefinitions: {} });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FilterError);
    expect((thrown as FilterError).code).toBe('INVALID_POLICY');
  });

  it('is not swayed by options inherited from a polluted Object.prototype', () => {
    const after = policy({
      critical: { criticality: 20, rules: [rule({ region: { $in: ['us-east-1', 'eu-west-1'] } })] },
      warning: { criticality: 10, rules: [rule({ region: { $eq: 'eu-west-1' } })] },
    });
    const proto = Object.prototype as Record<string, unknown>;
    proto.maxDiagnostics = 1;
    try {
      expect(comparePolicyRules(before, after, {}).becameUnreachable).toEqual(['warning']);
    } finally {
      delete proto.maxDiagnostics;
    }
  });
});
