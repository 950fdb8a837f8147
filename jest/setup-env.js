// Every test runs in UTC whatever the machine says; rules take their zone explicitly.
process.env.TZ = "UTC";
