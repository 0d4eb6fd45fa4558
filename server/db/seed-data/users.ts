import type { users } from '../schema';

export type UserSeed = Omit<typeof users.$inferInsert, 'passwordHash'> & { password: string };

// The demo accounts of docs/api.md.
export const userSeed: UserSeed[] = [
  {
    email: 'investor@example.com',
    password: 'Investor123',
    role: 'investor',
    isActive: true,
    firstName: 'Anna',
    lastName: 'Nowak',
    phone: '+48 601 234 567',
    street: 'ul. Prosta 12/4',
    city: 'Warszawa',
    zip: '00-850',
    state: 'mazowieckie',
    country: 'PL',
    locale: 'pl',
  },
  {
    email: 'operator@example.com',
    password: 'Operator123',
    role: 'operator',
    isActive: true,
    firstName: 'Olivia',
    lastName: 'Operator',
    phone: '+48 22 123 45 67',
    street: 'ul. Marszałkowska 100',
    city: 'Warszawa',
    zip: '00-026',
    state: 'mazowieckie',
    country: 'PL',
    locale: 'en',
  },
  {
    email: 'inactive@example.com',
    password: 'Inactive123',
    role: 'investor',
    isActive: false,
    firstName: 'Igor',
    lastName: 'Nieaktywny',
    phone: null,
    street: 'ul. Długa 5',
    city: 'Kraków',
    zip: '31-146',
    state: 'małopolskie',
    country: 'PL',
    locale: 'pl',
  },
];
