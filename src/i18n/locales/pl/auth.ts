// pl texts of the "auth" namespace.
export default {} as Record<string, unknown>;
