// Talks to the e2e server's API the way the operator's tools do: log in, then change site settings.
import type { APIRequestContext } from '@playwright/test';

export const DEMO = {
  investor: { email: 'investor@example.com', password: 'Investor123', firstName: 'Anna' },
  operator: { email: 'operator@example.com', password: 'Operator123' },
  inactive: { email: 'inactive@example.com', password: 'Inactive123' },
};

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/token', {
    data: { grantType: 'password', email, password, clientId: 'web-spa', clientSecret: 'web-spa-secret' },
  });
  const body = await response.json();
  if (!response.ok()) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.accessToken as string;
}

/** Turns the user-facing maintenance flag on or off through the operator's endpoint. */
export async function setMaintenance(request: APIRequestContext, on: boolean): Promise<void> {
  const token = await apiLogin(request, DEMO.operator.email, DEMO.operator.password);
  const response = await request.patch('/api/operator/site-settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: { maintenanceMode: on },
  });
  if (!response.ok()) throw new Error(`could not set maintenance: ${response.status()} ${await response.text()}`);
}
