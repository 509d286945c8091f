export { QueryProvider, queryClient } from './query-client.tsx';
export { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
