/** Types of servers.mjs: the servers the step-kind examples talk to. */
export declare function startKindServers(options?: { lateMs?: number }): Promise<{ env: Record<string, string>; stop(): Promise<void> }>;
