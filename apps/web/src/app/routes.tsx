import { Title } from '@mantine/core';
import { Route, Routes } from 'react-router';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="*" element={<Title order={1}>Foyer</Title>} />
    </Routes>
  );
}
