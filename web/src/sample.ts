/**
 * The description an empty workspace offers to try the service on: small, sound (the run ends
 * `ready`), and with enough in it (a list, a create with a body, a path parameter, an error
 * response) that every deliverable has something to show.
 */
export const SAMPLE_DESCRIPTION = `openapi: 3.1.0
info:
  title: Pet Shelter
  version: 1.0.0
  description: A small sample API to try the report service on.
servers:
  - url: https://api.shelter.example/v1
tags:
  - name: pets
    description: The animals in the shelter
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      summary: List the pets
      parameters:
        - name: species
          in: query
          schema: { type: string, enum: [cat, dog, rabbit] }
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Pet' }
    post:
      operationId: createPet
      tags: [pets]
      summary: Register a pet
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/NewPet' }
      responses:
        '201':
          description: Registered
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
  /pets/{petId}:
    get:
      operationId: getPet
      tags: [pets]
      summary: Get one pet
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: string }
      responses:
        '200':
          description: The pet
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
        '404':
          description: No such pet
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }
components:
  schemas:
    NewPet:
      type: object
      required: [name, species]
      properties:
        name: { type: string }
        species: { type: string, enum: [cat, dog, rabbit] }
    Pet:
      allOf:
        - $ref: '#/components/schemas/NewPet'
        - type: object
          required: [id]
          properties:
            id: { type: string }
    Error:
      type: object
      required: [message]
      properties:
        message: { type: string }
`;
