export default async function teardown() {
  await globalThis.__PFS_TEST_PG__?.stop();
}
