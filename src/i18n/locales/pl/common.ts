// pl texts of the "common" namespace.
export default {} as Record<string, unknown>;
