FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-quicksand && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build
ENV ROLE=all
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
