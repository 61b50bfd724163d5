// Integration tests and their hooks (seeding a tenant, cloning a database) may take longer than jest's 5 s.
// The project's `testTimeout` reaches tests only, not hooks; `jest.setTimeout` covers both.
jest.setTimeout(30_000);
