// en texts of the "contact" namespace.
export default {} as Record<string, unknown>;
