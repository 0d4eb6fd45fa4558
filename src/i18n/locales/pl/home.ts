// pl texts of the "home" namespace.
export default {} as Record<string, unknown>;
