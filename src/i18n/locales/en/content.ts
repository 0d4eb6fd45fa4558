// en texts of the "content" namespace.
export default {} as Record<string, unknown>;
