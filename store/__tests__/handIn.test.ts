// The API is built from the table the page's entry hands in first: built before, it would lack
// every call, so it refuses to load and says what to import.
it('refuses to build the API before the endpoint table is handed in', async () => {
  await jest.isolateModulesAsync(async () => {
    await expect(import('../apiSlice')).rejects.toThrow(
      'The endpoint table is handed in before the API is built',
    );
  });
});

it('builds every call of the table handed in', async () => {
  await jest.isolateModulesAsync(async () => {
    await import('../../src/endpoints');
    const { api } = await import('../apiSlice');
    expect(api.endpoints.login).toBeDefined();
    expect(api.endpoints.passkeyLogin).toBeDefined();
  });
});
