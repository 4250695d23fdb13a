/** `svc-policy eval`: filled in by the policy engine work. */
export async function runEval(_argv: readonly string[]): Promise<number> {
  process.stderr.write('svc-policy eval: not implemented yet\n');
  return 2;
}
