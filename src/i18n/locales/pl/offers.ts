// pl texts of the "offers" namespace.
export default {} as Record<string, unknown>;
