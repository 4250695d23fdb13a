# Writes fixtures/policies/invalid/* and their .expected.json (run from the repository root:
# python3 test/unit/validate/generate-invalid-fixtures.py). Positions are computed here, from the text,
# by locating a marker substring: independently of the validator, so the fixtures test it honestly.
import json, os
D = 'fixtures/policies/invalid'
os.makedirs(D, exist_ok=True)

def pos(text, marker, occurrence=1):
    if marker == 'END':
        return text.count('\n') + 1, len(text) - (text.rfind('\n') + 1) + 1
    i = -1
    for _ in range(occurrence):
        i = text.index(marker, i + 1)
    line = text.count('\n', 0, i) + 1
    col = i - (text.rfind('\n', 0, i) + 1) + 1
    # columns in UTF-16 code units
    prefix = text[text.rfind('\n', 0, i) + 1:i]
    col = len(prefix.encode('utf-16-le')) // 2 + 1
    return line, col

def write(name, text, expected, extra=None):
    open(f'{D}/{name}', 'w', encoding='utf-8').write(text)
    diags = []
    for e in expected:
        code, sev, path, marker = e[:4]
        occ = e[4] if len(e) > 4 else 1
        line, col = pos(text, marker, occ)
        diags.append({'code': code, 'severity': sev, 'path': path, 'line': line, 'column': col})
    diags.sort(key=lambda d: (d['line'], d['column']))
    base = name.rsplit('.', 1)[0]
    out = {'diagnostics': diags}
    if extra: out.update(extra)
    open(f'{D}/{base}.expected.json', 'w').write(json.dumps(out, indent=2, ensure_ascii=False) + '\n')

F = '/statusDefinitions/bad/rules/0/conditions/0/condition/filter'

def policy_json(resource, filter_json, extra_status=''):
    return ('{\n  "name": "p",\n  "resource": "%s",\n  "statusDefinitions": {\n    "ok": { "isDefault": true, "criticality": 0 },\n'
            '    "bad": {\n      "criticality": 10,\n      "rules": [\n        { "conditions": [{ "type": "filter", "condition": { "filter": %s } }] }\n      ]\n    }%s\n  }\n}\n') % (resource, filter_json, extra_status)

# 1. unknown fields, with suggestions; nested details of a certificate is open, tags any key is fine
t = policy_json('component', '{\n          "technolgy": { "$eq": "postgres" },\n          "Region": { "$eq": "eu-west-1" },\n          "tags$.team": { "$eq": "a" },\n          "region$.code": { "$eq": "x" }\n        }')
write('unknown-field.json', t, [
    ('UNKNOWN_FIELD', 'error', F + '/technolgy', '"technolgy"'),
    ('UNKNOWN_FIELD', 'error', F + '/Region', '"Region"'),
    ('UNKNOWN_FIELD', 'error', F + '/region$.code', '"region$.code"'),
])

# 2. operator vs type (YAML)
t = '''name: types
resource: component
statusDefinitions:
  ok: { isDefault: true, criticality: 0 }
  bad:
    criticality: 10
    rules:
      - conditions:
          - type: filter
            condition:
              filter:
                hasAvailableSvcs: { $like: "t*" }
                version: { $gt: 1 }
                region: { $in: [eu-west-1, 5] }
                customTags: { $eq: x }
          - type: filter
            condition:
              filter:
                hasAvailableSvcs: { $gte: 1 }
'''
F1 = '/statusDefinitions/bad/rules/0/conditions/1/condition/filter'
write('operator-types.yaml', t, [
    ('TYPE_MISMATCH', 'error', F + '/hasAvailableSvcs/$like', '"t*"'),
    ('TYPE_MISMATCH', 'error', F + '/version/$gt', '1 }'),
    ('TYPE_MISMATCH', 'error', F + '/region/$in/1', '5]'),
    ('TYPE_MISMATCH', 'error', F + '/customTags/$eq', 'x }'),
    ('IMPOSSIBLE_CONDITION', 'warning', F1 + '/hasAvailableSvcs', 'hasAvailableSvcs', 2),
    ('TYPE_MISMATCH', 'error', F1 + '/hasAvailableSvcs/$gte', '1 }', 2),
])

# 3. certificate: timestamps, arrays, number elements
t = policy_json('certificate', '{\n          "expirationDate": { "$lt": "next week" },\n          "issuedAt": { "$gte": "2026-01-01" },\n          "componentIds$.__svcArrayAny__": { "$eq": "12" },\n          "domains": { "$eq": "a.example" },\n          "inUseBy$.name": { "$eq": "x" },\n          "issuer$.__svcArrayAny__": { "$eq": "x" },\n          "domains$.__svcArrayAny__": { "$exists": true },\n          "createdAt": { "$lt": 5 }\n        }')
write('certificate-types.json', t, [
    ('INVALID_TIMESTAMP', 'error', F + '/expirationDate/$lt', '"next week"'),
    ('NON_CANONICAL_TIMESTAMP', 'warning', F + '/issuedAt/$gte', '"2026-01-01"'),
    ('TYPE_MISMATCH', 'error', F + '/componentIds$.__svcArrayAny__/$eq', '"12"'),
    ('MISSING_ARRAY_SELECTOR', 'error', F + '/domains', '"domains"'),
    ('MISSING_ARRAY_SELECTOR', 'error', F + '/inUseBy$.name', '"inUseBy$.name"'),
    ('SELECTOR_ON_NON_ARRAY', 'error', F + '/issuer$.__svcArrayAny__', '"issuer$.__svcArrayAny__"'),
    ('TYPE_MISMATCH', 'error', F + '/createdAt/$lt', '5 }'),
])

# 4. duplicate keys
t = '{\n  "name": "dup",\n  "resource": "component",\n  "name": "dup again",\n  "statusDefinitions": { "ok": { "isDefault": true, "criticality": 0 } }\n}\n'
write('duplicate-key.json', t, [('DUPLICATE_KEY', 'error', '/name', '"name"', 2)])
t = 'name: dup\nstatusDefinitions:\n  ok: { isDefault: true, criticality: 0 }\n  ok: { isDefault: true, criticality: 1 }\n'
write('duplicate-status.yaml', t, [('DUPLICATE_KEY', 'error', '', 'ok', 2)])

# 5. syntax errors
t = '{\n  "name": "p",\n  "statusDefinitions": {},\n}\n'
write('trailing-comma.json', t, [('SYNTAX_ERROR', 'error', '', '}\n')])
t = "{\n  // comments are not JSON\n  \"name\": \"p\"\n}\n"
write('comment.json', t, [('SYNTAX_ERROR', 'error', '', '/')])
t = 'name: p\nstatusDefinitions:\n  ok: [unclosed\n'
# an unclosed flow sequence is reported where the text ends
write('unclosed.yaml', t, [('SYNTAX_ERROR', 'error', '', 'END')])

# 6. structure (policy engine codes)
t = '''name: structure
resource: component
statusDefinitions:
  a: { isDefault: true, criticality: 0 }
  b: { isDefault: true, criticality: 1 }
  c:
    criticality: 5
    rules:
      - conditions: []
  d:
    criticality: 6
    rules:
      - conditions:
          - type: filter
            condition:
              filter:
                region: eu-west-1
  e:
    criticalty: 7
    rules:
      - conditions:
          - type: filter
            condition: { filter: { region: { $eq: x } } }
'''
write('structure.yaml', t, [
    ('MULTIPLE_DEFAULT_STATUSES', 'error', '/statusDefinitions/b/isDefault', 'true', 2),
    ('EMPTY_CONDITIONS', 'error', '/statusDefinitions/c/rules/0/conditions', '[]'),
    ('EXPECTED_OPERATOR_OBJECT', 'error', '/statusDefinitions/d/rules/0/conditions/0/condition/filter/region', 'eu-west-1'),
    ('UNKNOWN_PROPERTY', 'error', '/statusDefinitions/e/criticalty', 'criticalty'),
    ('MISSING_PROPERTY', 'error', '/statusDefinitions/e', 'criticalty'),
])

# 7. contradictions and dead rules
def cond(f):
    return '{ "type": "filter", "condition": { "filter": %s } }' % f
t = '''{
  "name": "contradictions",
  "resource": "component",
  "query": { "filter": { "technology": { "$eq": "postgres" } } },
  "statusDefinitions": {
    "ok": { "isDefault": true, "criticality": 0 },
    "critical": {
      "criticality": 30,
      "rules": [
        { "conditions": [%s] },
        { "conditions": [%s] }
      ]
    },
    "high": {
      "criticality": 20,
      "rules": [
        { "conditions": [%s, %s] },
        { "conditions": [%s] },
        { "conditions": [%s] },
        { "conditions": [%s] }
      ]
    },
    "copy": {
      "criticality": 10,
      "rules": [
        { "conditions": [%s] },
        { "conditions": [%s] }
      ]
    }
  }
}
''' % (
    cond('{ "region": { "$like": "eu-*" } }'),
    cond('{ "version": { "$gte": "2.0", "$lt": "1.0" } }'),
    cond('{ "type": { "$eq": "aurora" } }'), cond('{ "type": { "$eq": "rds" } }'),
    cond('{ "technology": { "$eq": "mysql" } }'),
    cond('{ "region": { "$eq": "eu-west-1" }, "type": { "$exists": false, "$eq": "x" } }'),
    cond('{ "region": { "$in": ["eu-west-1", "eu-north-1"] } }'),
    cond('{ "region": { "$like": "eu-*" } }'),
    cond('{ "version": { "$gte": "2.0", "$lt": "1.0" } }'),
)
H = '/statusDefinitions/high/rules'
write('contradictions.json', t, [
    ('IMPOSSIBLE_CONDITION', 'warning', '/statusDefinitions/critical/rules/1/conditions/0/condition/filter/version', '"version"'),
    ('IMPOSSIBLE_CONDITION', 'warning', H + '/0/conditions/1/condition/filter/type', '"type": { "$eq": "rds"'),
    ('IMPOSSIBLE_CONDITION', 'warning', H + '/1/conditions/0/condition/filter/technology', '"technology": { "$eq": "mysql"'),
    ('IMPOSSIBLE_CONDITION', 'warning', H + '/2/conditions/0/condition/filter/type', '"type": { "$exists"'),
    ('SHADOWED_RULE', 'warning', H + '/3', '{ "conditions": [{ "type": "filter", "condition": { "filter": { "region": { "$in"'),
    ('DUPLICATE_STATUS_RULES', 'warning', '/statusDefinitions/copy', '"copy"'),
    ('IMPOSSIBLE_CONDITION', 'warning', '/statusDefinitions/copy/rules/1/conditions/0/condition/filter/version', '"version"', 2),
])

# 8. unicode
t = 'name: "Unicode \u202eevil"\nresource: component\nstatusDefinitions:\n  \u043ek: { isDefault: true, criticality: 0 }\n  stale:\n    criticality: 10\n    rules:\n      - conditions:\n          - type: filter\n            condition:\n              filter:\n                tags$.own\u200ber: { $exists: false }\n                region: { $eq: "eu-w\u0435st-1" }\n'
write('unicode.yaml', t, [
    ('BIDI_CONTROL', 'warning', '/name', '"Unicode'),
    ('CONFUSABLE_CHARACTERS', 'warning', '/statusDefinitions/\u043ek', '\u043ek'),
    ('INVISIBLE_CHARACTER', 'warning', F.replace('/bad/', '/stale/') + '/tags$.own\u200ber', 'tags$.own'),
    ('CONFUSABLE_CHARACTERS', 'warning', F.replace('/bad/', '/stale/') + '/region/$eq', '"eu-w'),
])

# 9. kubernetes descriptors (the test supplies test/unit/validate/k8s-node-schema.json)
t = '''name: k8s
resource: component
statusDefinitions:
  ok: { isDefault: true, criticality: 0 }
  bad:
    criticality: 10
    rules:
      - conditions:
          - type: filter
            condition:
              filter:
                details$.kubernetes$.nodes$.__svcArrayAny__$.statuss: { $eq: ACTIVE }
                details$.kubernetes$.nodes$.__svcArrayAny__$.status: { $in: [ACTIVE, RUNNING] }
                details$.kubernetes$.nodes: { $exists: true }
                details$.kubernetes$.labels: { $exists: true }
                details$.kubernetes$.version: { $eq: "1.30" }
'''
write('k8s-details.yaml', t, [
    ('K8S_UNKNOWN_FIELD', 'error', F + '/details$.kubernetes$.nodes$.__svcArrayAny__$.statuss', 'details$.kubernetes$.nodes$.__svcArrayAny__$.statuss'),
    ('K8S_UNKNOWN_VALUE', 'warning', F + '/details$.kubernetes$.nodes$.__svcArrayAny__$.status/$in/1', 'RUNNING'),
    ('K8S_NOT_FILTERABLE', 'error', F + '/details$.kubernetes$.labels', 'details$.kubernetes$.labels'),
], {'k8sSchema': True})

# 10. more than 100 problems
fields = ',\n'.join('          "field%03d": { "$eq": 1 }' % i for i in range(120))
t = policy_json('component', '{\n' + fields + '\n        }')
exp = [('UNKNOWN_FIELD', 'error', F + '/field%03d' % i, '"field%03d"' % i) for i in range(100)]
write('too-many.json', t, exp)
d = json.load(open(f'{D}/too-many.expected.json'))
last = d['diagnostics'][-1]
d['diagnostics'].append({'code': 'TOO_MANY_DIAGNOSTICS', 'severity': 'warning', 'path': '', 'line': last['line'], 'column': last['column']})
open(f'{D}/too-many.expected.json', 'w').write(json.dumps(d, indent=2) + '\n')

# 11. schema-only: request body with an extra key beside the policy; resource that has no table
t = '{\n  "policy": { "name": "p", "resource": "database", "statusDefinitions": { "ok": { "isDefault": true, "criticality": 0 } } },\n  "dryRun": true\n}\n'
write('request-body.json', t, [
    ('UNKNOWN_PROPERTY', 'error', '/dryRun', '"dryRun"'),
    ('UNKNOWN_RESOURCE', 'warning', '/policy/resource', '"database"'),
])
