// en texts of the "account" namespace.
export default {} as Record<string, unknown>;
