// en texts of the "offer" namespace.
export default {} as Record<string, unknown>;
