/** `svc-policy validate`: filled in by the validation work. */
export async function runValidate(_argv: readonly string[]): Promise<number> {
  process.stderr.write('svc-policy validate: not implemented yet\n');
  return 2;
}
