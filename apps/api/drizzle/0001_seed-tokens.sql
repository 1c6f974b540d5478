-- The bundled coin catalogue: mainnet mints (the embedded localnet creates its test mints at the same addresses).
INSERT INTO "tokens" ("mint", "symbol", "name", "decimals", "is_verified", "mint_devnet", "icon", "position", "created_at") VALUES
	('So11111111111111111111111111111111111111112', 'SOL', 'Solana', 9, true, 'So11111111111111111111111111111111111111112', '/api/assets/coins/sol.svg', 10, now()),
	('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC', 'USD Coin', 6, true, '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU', '/api/assets/coins/usdc.svg', 20, now()),
	('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT', 'Tether USD', 6, true, NULL, '/api/assets/coins/usdt.svg', 30, now())
ON CONFLICT ("mint") DO NOTHING;
