// pl texts of the "maintenance" namespace.
export default {} as Record<string, unknown>;
